/** The plan's useExternalApi flag opens /messages-api (spec/3 §2, §6). */
export const externalApiAllowed = (user) => Boolean(user?.company?.plan?.useExternalApi);
