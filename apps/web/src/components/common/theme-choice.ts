import { createContext, useContext } from 'react';
import type { ThemeName } from '../../app/theme';

export interface ThemeChoice {
  name: ThemeName;
  setName: (name: ThemeName) => void;
}
export const ThemeChoiceContext = createContext<ThemeChoice>({ name: 'blueCyanTheme', setName: () => {} });
export const useThemeChoice = () => useContext(ThemeChoiceContext);
