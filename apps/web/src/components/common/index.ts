export { PublicShell, Footer } from './PublicShell';
export { PasswordField } from './PasswordField';
export { useThemeChoice } from './theme-choice';
export { NotFoundPage, OopsPage } from './NotFoundPage';
