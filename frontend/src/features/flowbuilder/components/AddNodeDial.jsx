import { SpeedDial, SpeedDialAction, SpeedDialIcon } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../auth/hooks/useAuth';
import { paletteFor } from '../api/graph';
import { lookOf } from './nodes/kindIcons';

/** The speed-dial of node kinds: Inicio, Conteúdo, Menu, Variáveis, …, Condição (OpenAI and TypeBot when the plan has them). */
export default function AddNodeDial({ onPick }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  return (
    <SpeedDial ariaLabel={t('flowbuilder.editor.addNode')} direction="down" icon={<SpeedDialIcon />}
      sx={{ position: 'absolute', top: 16, left: 16, zIndex: 10 }} FabProps={{ size: 'medium', 'data-testid': 'flow-add-node' }}>
      {paletteFor(user?.company?.plan).map((type) => {
        const { Icon, color } = lookOf(type);
        return (
          <SpeedDialAction key={type} icon={<Icon sx={{ color }} />} onClick={() => onPick(type)} data-testid={`flow-add-${type}`}
            slotProps={{ tooltip: { title: t(`flowbuilder.kinds.${type}`), open: true, placement: 'right' } }} />
        );
      })}
    </SpeedDial>
  );
}
