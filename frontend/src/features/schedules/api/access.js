/** The plan's useSchedules flag opens /schedules and the schedule buttons (spec/3 §2, §6). */
export const schedulesAllowed = (user) => Boolean(user?.company?.plan?.useSchedules);
