import { listMessages } from '../../messages/api/messagesApi';
import { withoutInvisible } from '../../messages/utils/whatsappMarkup';
import { formatDateTime } from './format';

const MAX_PAGES = 200;

/** File name of a ticket's report. */
export const pdfFileName = (ticketId) => `relatório_atendimento_${ticketId}.pdf`;

/** Every message of a ticket, oldest first (pages fetched with ?before=). */
export async function fetchAllMessages(ticketId) {
  let data = await listMessages(ticketId);
  let messages = data?.messages || [];
  for (let i = 0; data?.hasMore && messages.length && i < MAX_PAGES; i += 1) {
    data = await listMessages(ticketId, messages[0].id);
    messages = [...(data?.messages || []), ...messages];
  }
  return messages;
}

/** The text one message takes in the report. */
export function messageLine(message, { contactName, you, deleted, media }) {
  const author = message.fromMe ? you : message.contact?.name || contactName;
  let body = message.body;
  if (message.isDeleted) body = deleted;
  else if (!body && message.mediaType && message.mediaType !== 'chat') body = `[${message.mediaName || media}]`;
  // The PDF's font has no glyph for the invisible marks automatic messages start with.
  return `[${formatDateTime(message.createdAt)}] ${author}: ${withoutInvisible(body)}`;
}

/** Builds and downloads the A4 portrait report of a ticket's conversation (jsPDF, loaded on demand). */
export async function exportTicketPdf(ticket, t) {
  const [{ jsPDF }, messages] = await Promise.all([import('jspdf'), fetchAllMessages(ticket.id)]);
  const doc = new jsPDF({ orientation: 'portrait', unit: 'mm', format: 'a4' });
  const margin = 15;
  const width = doc.internal.pageSize.getWidth() - margin * 2;
  const bottom = doc.internal.pageSize.getHeight() - margin;
  let y = margin;

  const write = (text, { size = 10, bold = false, gap = 1.5 } = {}) => {
    doc.setFont('helvetica', bold ? 'bold' : 'normal');
    doc.setFontSize(size);
    const lines = doc.splitTextToSize(String(text), width);
    const lineHeight = size * 0.45;
    lines.forEach((line) => {
      if (y + lineHeight > bottom) {
        doc.addPage();
        y = margin;
      }
      doc.text(line, margin, y);
      y += lineHeight;
    });
    y += gap;
  };

  write(t('tickets.pdf.title', { id: ticket.id }), { size: 16, bold: true, gap: 3 });
  write(t('tickets.pdf.contact', { name: ticket.contact?.name || '', number: ticket.contact?.number || '' }));
  write(t('tickets.pdf.user', { name: ticket.user?.name || '-' }));
  write(t('tickets.pdf.queue', { name: ticket.queue?.name || t('tickets.item.noQueue') }));
  write(t('tickets.pdf.status', { status: t(`tickets.status.${ticket.status}`, { defaultValue: ticket.status }) }));
  write(t('tickets.pdf.generated', { date: formatDateTime(new Date()) }), { gap: 4 });
  doc.setDrawColor(180);
  doc.line(margin, y - 2, margin + width, y - 2);

  const labels = { contactName: ticket.contact?.name || '', you: t('tickets.pdf.attendant'), deleted: t('messages.deletedOwn'), media: t('messages.media') };
  messages
    .filter((m) => m.mediaType !== 'reactionMessage')
    .forEach((m) => write(messageLine(m, labels), { gap: 1 }));

  doc.save(pdfFileName(ticket.id));
}
