// Types of the CommonJS fxa-common-password-list package, which ships none.
declare module 'fxa-common-password-list' {
  const commonPasswords: { test(password: string): boolean };
  export default commonPasswords;
}
