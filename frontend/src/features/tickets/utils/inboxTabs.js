/**
 * The inbox tabs (spec/1 §2, issue 13): Atendendo and Aguardando always; LGPD while the
 * company asks new customers for privacy consent (setting enableLGPD), beside Aguardando;
 * Grupos with allowGroup. Tickets waiting for a rating (nps) are in no tab: the search's
 * status filter finds them.
 */
export const INBOX_TABS = ['open', 'pending', 'lgpd', 'group'];

/** Whether the company's enableLGPD setting shows the LGPD tab. */
export const lgpdTabOn = (enableLGPD) => enableLGPD === 'enabled';

/** The tabs shown, in order. */
export function inboxTabs({ lgpd = false, groups = false } = {}) {
  return INBOX_TABS.filter((tab) => (tab !== 'lgpd' || lgpd) && (tab !== 'group' || groups));
}

/** The tab to show: the one chosen while it is still there (LGPD turned off, allowGroup taken away), else Atendendo. */
export const shownTab = (tab, tabs) => (tabs.includes(tab) ? tab : 'open');

/** The explanation of a tab's hidden queue-less tickets (the server counts them on pending and lgpd). */
export const hiddenNoQueueKey = (status) =>
  (status === 'lgpd' ? 'tickets.list.hiddenNoQueueLgpd' : 'tickets.list.hiddenNoQueue');
