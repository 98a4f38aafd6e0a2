import { Box, Chip } from '@mui/material';
import { contrastText } from '../../../utils/colors';

export const DEFAULT_TAG_COLOR = '#7C7C7C';

/** A contact's tags as small coloured chips. */
export default function TagChips({ tags, max }) {
  const list = tags || [];
  const shown = max ? list.slice(0, max) : list;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {shown.map((tag) => {
        const color = tag.color || DEFAULT_TAG_COLOR;
        return <Chip key={tag.id ?? tag.name} label={tag.name} size="small" sx={{ bgcolor: color, color: contrastText(color) }} data-testid="tag-chip" />;
      })}
      {list.length > shown.length && <Chip size="small" label={`+${list.length - shown.length}`} />}
    </Box>
  );
}
