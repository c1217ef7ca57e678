export { PublicShell, Footer } from './PublicShell';
export { PasswordField } from './PasswordField';
export { useThemeChoice } from './theme-choice';
export { NotFoundPage, OopsPage } from './NotFoundPage';
export { PageLoading } from './PageLoading';
export { useDocumentTitle, useTitleFromHeading, TITLE_SUFFIX } from './useDocumentTitle';
export { ScreenReaderOnly, NewTabNote, screenReaderOnly } from './ScreenReaderOnly';
