const RULES = [
  (password) => password.length >= 8,
  (password) => /[A-Z]/.test(password),
  (password) => /[a-z]/.test(password),
  (password) => /\d/.test(password),
  (password) => /[^A-Za-z0-9]/.test(password),
];

/** One point per rule: length ≥ 8, uppercase, lowercase, digit, symbol (0..5). */
export function passwordScore(password = '') {
  return RULES.filter((rule) => rule(password)).length;
}

/** ≤ 2 weak, 3-4 medium, 5 strong. */
export function passwordLevel(score) {
  if (score <= 2) return 'weak';
  if (score <= 4) return 'medium';
  return 'strong';
}

/** Password reset rule: at least 8 characters with an uppercase, a lowercase letter and a digit. */
export function isValidResetPassword(password = '') {
  return /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,}$/.test(password);
}
