import { useState } from 'react';
import { Box, Typography } from '@mui/material';
import ScienceOutlinedIcon from '@mui/icons-material/ScienceOutlined';
import { useTranslation } from 'react-i18next';
import useLocalStorage from '../../../hooks/useLocalStorage';
import { rememberCustomer } from '../api/conversation';
import ChatView from './ChatView';
import ClockControl from './ClockControl';
import CustomerSetup from './CustomerSetup';

/**
 * A phone-like panel where someone plays a customer of a sandbox connection: what they type is
 * posted as inbound messages, and what Atende sends back shows with its delivery ticks. It is
 * the bot's test bench too: quick answers to its menus and ratings, and the pretend time its
 * business hours are read at (onLeave: a link to another screen was followed).
 */
export default function SimulatePanel({ connectionId, connectionName, height = 640, onLeave }) {
  const { t } = useTranslation();
  const [recent, setRecent] = useLocalStorage(`sandbox:${connectionId}:customers`, []);
  const [current, setCurrent] = useLocalStorage(`sandbox:${connectionId}:current`, null);
  const [editing, setEditing] = useState(false);
  const customer = current && !editing ? current : null;

  const start = (chosen) => {
    setRecent(rememberCustomer(recent, chosen));
    setCurrent({ number: chosen.number, name: chosen.name });
    setEditing(false);
  };

  return (
    <Box
      data-testid="simulate-panel"
      sx={{
        width: '100%',
        maxWidth: 400,
        height,
        maxHeight: '100%',
        mx: 'auto',
        display: 'flex',
        flexDirection: 'column',
        border: 10,
        borderColor: 'grey.900',
        borderRadius: 6,
        overflow: 'hidden',
        bgcolor: 'background.paper',
        boxShadow: 6,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1.5, py: 0.5, bgcolor: 'grey.900', color: 'grey.100' }}>
        <ScienceOutlinedIcon sx={{ fontSize: 16 }} />
        <Typography variant="caption" noWrap sx={{ flex: 1 }} data-testid="simulate-connection-name">
          {t('sandbox.banner', { name: connectionName || `#${connectionId}` })}
        </Typography>
        <ClockControl connectionId={connectionId} onLeave={onLeave} />
      </Box>
      {customer ? (
        <ChatView key={customer.number} connectionId={connectionId} customer={customer} onChangeCustomer={() => setEditing(true)} />
      ) : (
        <CustomerSetup recent={recent} initial={current} onStart={start} />
      )}
    </Box>
  );
}
