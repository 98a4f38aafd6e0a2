import { listMessages } from '../../messages/api/messagesApi';
import { withoutInvisible } from '../../messages/utils/whatsappMarkup';
import { formatDateTime } from './format';
import { logoUrl, readCachedBranding } from '../../branding/api/branding';

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

/** The light logo as a data URL jsPDF can draw (PNG, JPEG or WebP), or null. */
async function logoImage(branding) {
  const name = branding.appLogoLight;
  const format = { png: 'PNG', jpg: 'JPEG', webp: 'WEBP' }[String(name).split('.').pop()];
  if (!name || !format) return null;
  try {
    const blob = await (await fetch(logoUrl(name))).blob();
    const data = await new Promise((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result);
      reader.onerror = reject;
      reader.readAsDataURL(blob);
    });
    const size = await new Promise((resolve) => {
      const img = new Image();
      img.onload = () => resolve({ w: img.naturalWidth, h: img.naturalHeight });
      img.onerror = () => resolve(null);
      img.src = data;
    });
    return size ? { data, format, ...size } : null;
  } catch {
    return null;
  }
}

/** "#rrggbb" as [r, g, b]. */
export const rgb = (hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

/** Builds and downloads the A4 portrait report of a ticket's conversation (jsPDF, loaded on demand). */
export async function exportTicketPdf(ticket, t) {
  const branding = readCachedBranding();
  const [{ jsPDF }, messages, logo] = await Promise.all([import('jspdf'), fetchAllMessages(ticket.id), logoImage(branding)]);
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

  // The whitelabel's header: its colour as a band, its logo and name.
  doc.setFillColor(...rgb(branding.primaryColorLight));
  doc.rect(0, 0, doc.internal.pageSize.getWidth(), 4, 'F');
  const logoHeight = 12;
  if (logo) {
    const logoWidth = Math.min(50, (logo.w / logo.h) * logoHeight);
    doc.addImage(logo.data, logo.format, margin, y, logoWidth, logoHeight);
    doc.setFont('helvetica', 'bold');
    doc.setFontSize(12);
    doc.text(branding.appName, margin + logoWidth + 4, y + logoHeight / 2 + 2);
    y += logoHeight + 5;
  } else {
    write(branding.appName, { size: 12, bold: true, gap: 2 });
  }
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
