/** The plan's useInternalChat flag opens /chats and the top bar's chat popover (spec/3 §6). */
export const internalChatAllowed = (user) => Boolean(user?.company?.plan?.useInternalChat);
