import { Box } from '@mui/material';
import { parseMarkup } from '../utils/whatsappMarkup';

const TAGS = { bold: 'strong', italic: 'em', strike: 's' };

function renderNodes(nodes) {
  return nodes.map((node, i) => {
    const key = `${node.type}-${i}`;
    if (node.type === 'text') return node.text;
    if (node.type === 'mono') {
      return <Box key={key} component="code" sx={{ fontFamily: 'monospace', whiteSpace: 'pre-wrap' }}>{node.text}</Box>;
    }
    const Tag = TAGS[node.type];
    return <Tag key={key}>{renderNodes(node.children)}</Tag>;
  });
}

/** A message text with its WhatsApp markup (*bold*, _italic_, ~strike~, ```mono```) applied. */
export default function FormattedText({ text }) {
  return renderNodes(parseMarkup(text));
}
