import { Card, CardContent, Typography } from '@mui/material';

/** One counter of the dashboard: a label over a big value. */
export default function StatCard({ label, value, testId, color }) {
  return (
    <Card variant="outlined" data-testid={testId}>
      <CardContent>
        <Typography variant="body2" color="text.secondary">{label}</Typography>
        <Typography variant="h5" sx={{ color, fontWeight: 600 }} data-testid={testId && `${testId}-value`}>{value}</Typography>
      </CardContent>
    </Card>
  );
}
