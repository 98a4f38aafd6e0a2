export const isAdmin = (user) => user?.profile === 'admin';
export const isSuper = (user) => Boolean(user?.super);
