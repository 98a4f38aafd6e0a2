import { Fragment, useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { Box, Chip, CircularProgress, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../tickets/utils/format';
import MediaLoadContext from './MediaLoadContext';
import MessageBubble from './MessageBubble';

export const HISTORY_SCROLL_THRESHOLD = 50;

/**
 * The conversation: older pages load within 50 px of the top (keeping the view where it
 * was); new messages scroll to the bottom when the reader was already there.
 */
export default function MessagesList({
  state, ticket, userId, selecting, selectedIds, onToggleSelect, onReply, onEdit, onDelete, onForward,
}) {
  const { t } = useTranslation();
  const { messages, loadOlder, loading, loaded } = state;
  const ref = useRef(null);
  const stick = useRef(true);
  const anchor = useRef(null);
  const lastId = messages.length ? messages[messages.length - 1].id : null;

  // Reactions are shown on the message they react to.
  const { visible, reactions } = useMemo(() => {
    const byTarget = {};
    const shown = [];
    messages.forEach((m) => {
      if (m.mediaType === 'reactionMessage') {
        if (m.quotedMsgId && m.body) (byTarget[m.quotedMsgId] ||= []).push(m.body);
      } else {
        shown.push(m);
      }
    });
    return { visible: shown, reactions: byTarget };
  }, [messages]);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (anchor.current) {
      // Older page added: keep the same message under the reader's eyes.
      el.scrollTop = el.scrollHeight - anchor.current.fromBottom;
      anchor.current = null;
    } else if (stick.current) {
      el.scrollTop = el.scrollHeight;
    }
  }, [messages.length, lastId]);

  const onMediaLoad = useCallback(() => {
    if (stick.current && ref.current) ref.current.scrollTop = ref.current.scrollHeight;
  }, []);

  const onScroll = async (event) => {
    const el = event.currentTarget;
    stick.current = el.scrollHeight - (el.scrollTop + el.clientHeight) < 80;
    if (el.scrollTop < HISTORY_SCROLL_THRESHOLD && state.hasMore && !loading) {
      anchor.current = { fromBottom: el.scrollHeight - el.scrollTop };
      const added = await loadOlder();
      if (!added) anchor.current = null;
    }
  };

  const contactName = ticket?.contact?.name;
  let lastDay = null;

  return (
    <MediaLoadContext.Provider value={onMediaLoad}>
    <Box ref={ref} onScroll={onScroll} data-testid="messages-list"
      sx={{ flex: 1, minHeight: 0, overflowY: 'auto', py: 1, bgcolor: (theme) => (theme.palette.mode === 'dark' ? '#0b141a' : '#efeae2') }}>
      {loading && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 1 }}><CircularProgress size={24} /></Box>
      )}
      {loaded && visible.length === 0 && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 4 }}>
          <Chip label={t('messages.empty')} data-testid="messages-empty" />
        </Box>
      )}
      {visible.map((message) => {
        const day = formatDay(message.createdAt);
        const separator = day !== lastDay;
        lastDay = day;
        return (
          <Fragment key={message.id}>
            {separator && (
              <Box sx={{ display: 'flex', justifyContent: 'center', my: 1 }}>
                <Typography variant="caption" sx={{ bgcolor: 'background.paper', px: 1.5, py: 0.5, borderRadius: 2, boxShadow: 1 }}>
                  {day}
                </Typography>
              </Box>
            )}
            <Box sx={{ mb: reactions[message.id] || message.reaction ? 2 : 0 }}>
              <MessageBubble
                message={message}
                contactName={contactName}
                showAuthor={Boolean(ticket?.isGroup)}
                userId={userId}
                reactions={reactions[message.id]}
                selecting={selecting}
                selected={selectedIds.has(message.id)}
                onToggleSelect={onToggleSelect}
                onReply={onReply}
                onEdit={onEdit}
                onDelete={onDelete}
                onForward={onForward}
              />
            </Box>
          </Fragment>
        );
      })}
    </Box>
    </MediaLoadContext.Provider>
  );
}
