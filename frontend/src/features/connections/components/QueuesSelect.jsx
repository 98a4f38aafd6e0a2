import { Box, Chip, MenuItem, TextField } from '@mui/material';
import { contrastText } from '../../../utils/colors';

/** Multi-select of queue ids over the company's queues. */
export default function QueuesSelect({ value, onChange, queues, label, testId }) {
  const byId = Object.fromEntries(queues.map((queue) => [queue.id, queue]));
  return (
    <TextField
      select
      fullWidth
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{
        select: {
          multiple: true,
          SelectDisplayProps: { 'data-testid': testId },
          renderValue: (ids) => (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
              {ids.filter((id) => byId[id]).map((id) => (
                <Chip key={id} size="small" label={byId[id].name} sx={{ bgcolor: byId[id].color, color: contrastText(byId[id].color) }} />
              ))}
            </Box>
          ),
        },
      }}
    >
      {queues.map((queue) => (
        <MenuItem key={queue.id} value={queue.id} data-testid={`${testId}-${queue.id}`}>{queue.name}</MenuItem>
      ))}
    </TextField>
  );
}
