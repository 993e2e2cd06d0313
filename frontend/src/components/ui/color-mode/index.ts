export { ColorModeProvider, useColorMode, type ColorMode } from './ColorModeContext';
export { ColorModeToggle } from './ColorModeToggle';
