import { useState } from 'react';
import { Box, Button, Divider, Menu, MenuItem } from '@mui/material';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import ReplyIcon from '@mui/icons-material/Reply';
import { useTranslation } from 'react-i18next';

const buttonSx = { textTransform: 'none', justifyContent: 'center', py: 0.25 };

/** A list menu: one button opens its rows, as a phone's list picker. */
function ListPicker({ choices, onReply }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState(null);
  const pick = (id) => {
    setAnchor(null);
    onReply(id);
  };
  return (
    <>
      <Button fullWidth size="small" startIcon={<FormatListBulletedIcon />} sx={buttonSx}
        onClick={(e) => setAnchor(e.currentTarget)} data-testid="simulate-menu-open">
        {t('sandbox.menu.open')}
      </Button>
      <Menu open={Boolean(anchor)} anchorEl={anchor} onClose={() => setAnchor(null)} data-testid="simulate-menu-list">
        {choices.map((choice) => (
          <MenuItem key={choice.id} onClick={() => pick(choice.id)} data-testid="simulate-menu-row" data-value={choice.id}>
            {choice.title}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/**
 * The choices of a bot menu sent as a list or reply buttons (the company's chatBotType), under
 * its bubble. A tap answers the choice's id, as a phone's reply does, so the bot takes it.
 */
export default function MenuReply({ menu, onReply }) {
  return (
    <Box data-testid="simulate-menu" data-style={menu.style} sx={{ mx: -1, mt: 0.5 }}>
      <Divider />
      {menu.style === 'list' ? <ListPicker choices={menu.choices} onReply={onReply} /> : menu.choices.map((choice, i) => (
        <Box key={choice.id}>
          {i > 0 && <Divider />}
          <Button fullWidth size="small" startIcon={<ReplyIcon />} sx={buttonSx} onClick={() => onReply(choice.id)}
            data-testid="simulate-menu-button" data-value={choice.id}>
            {choice.title}
          </Button>
        </Box>
      ))}
    </Box>
  );
}
