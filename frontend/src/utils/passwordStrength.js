/** Password reset rule: at least 8 characters with an uppercase, a lowercase letter and a digit. */
export function isValidResetPassword(password = '') {
  return /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,}$/.test(password);
}
