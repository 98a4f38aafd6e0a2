import ConditionDialog from './ConditionDialog';
import ContentDialog from './ContentDialog';
import IntervalDialog from './IntervalDialog';
import { AudioDialog, ImageDialog, VideoDialog } from './MediaNodeDialog';
import MenuDialog from './MenuDialog';
import MessageDialog from './MessageDialog';
import OpenAIDialog from './OpenAIDialog';
import QuestionDialog from './QuestionDialog';
import RandomizerDialog from './RandomizerDialog';
import TicketDialog from './TicketDialog';
import TypebotDialog from './TypebotDialog';

/** The dialog of each node kind that has one (start has none; the legacy kinds are edited, not added). */
export const DIALOGS = {
  singleBlock: ContentDialog,
  menu: MenuDialog,
  question: QuestionDialog,
  randomizer: RandomizerDialog,
  interval: IntervalDialog,
  ticket: TicketDialog,
  typebot: TypebotDialog,
  openai: OpenAIDialog,
  condition: ConditionDialog,
  message: MessageDialog,
  img: ImageDialog,
  audio: AudioDialog,
  video: VideoDialog,
};

/**
 * The open node dialog: { type, node } where node is null when adding (create mode) and the
 * node when editing (pre-filled); onSaved(data) gets the node's new data.
 */
export default function NodeDialog({ dialog, variables, onSaved, onClose }) {
  const Component = dialog && DIALOGS[dialog.type];
  if (!Component) return null;
  return (
    <Component key={dialog.node?.id || `new-${dialog.type}`} data={dialog.node?.data} editing={Boolean(dialog.node)}
      variables={variables} onSaved={onSaved} onClose={onClose} />
  );
}
