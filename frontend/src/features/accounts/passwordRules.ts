/** The password rules of DESIGN.md section 5, as a hint under every new-password field. */
export const PASSWORD_HINT = '8 to 128 characters, and not a common password.';
