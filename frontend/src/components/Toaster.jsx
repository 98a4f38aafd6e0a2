import { useEffect, useState } from 'react';
import { Alert, Box } from '@mui/material';
import { onToast } from '../services/toast';

/**
 * Renders the toasts of services/toast at the top centre, below the app bar (56 px, 64 px
 * from sm), so they never hide its buttons; each closes after its duration.
 */
export default function Toaster() {
  const [items, setItems] = useState([]);

  useEffect(
    () =>
      onToast((item) => {
        setItems((current) => [...current, item]);
        setTimeout(() => setItems((current) => current.filter((t) => t.id !== item.id)), item.duration);
      }),
    [],
  );

  const dismiss = (id) => setItems((current) => current.filter((t) => t.id !== id));

  return (
    <Box
      sx={{
        position: 'fixed', top: { xs: 64, sm: 72 }, left: '50%', transform: 'translateX(-50%)', zIndex: 2000,
        display: 'flex', flexDirection: 'column', gap: 1, width: 'min(92vw, 440px)',
      }}
    >
      {items.map((item) => (
        <Alert key={item.id} severity={item.severity} variant="filled" onClose={() => dismiss(item.id)} data-testid="toast">
          {item.message}
        </Alert>
      ))}
    </Box>
  );
}
