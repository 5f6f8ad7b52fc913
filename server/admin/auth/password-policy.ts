/** The shortest admin password accepted (ADMIN_PASSWORD, npm run admin:password). */
export const MIN_PASSWORD_LENGTH = 12;
