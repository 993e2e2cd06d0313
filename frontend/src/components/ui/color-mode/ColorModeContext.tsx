import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useColorScheme } from '@mui/material/styles';

export type ColorMode = 'light' | 'dark';

interface ColorModeValue {
  /** The scheme on screen: the visitor's choice, else the system's preference. */
  mode: ColorMode;
  setMode: (mode: ColorMode) => void;
}

const ColorModeContext = createContext<ColorModeValue>({ mode: 'light', setMode: () => undefined });

/**
 * Hands MUI's colour scheme to the whole tree, including the admin console, whose react-admin theme provider
 * nests its own MUI provider (and would hide `useColorScheme` of the app's).
 */
export function ColorModeProvider({ children }: { children: ReactNode }) {
  const { mode, systemMode, setMode } = useColorScheme();
  const resolved: ColorMode = (mode === 'system' ? systemMode : mode) === 'dark' ? 'dark' : 'light';
  const value = useMemo(() => ({ mode: resolved, setMode }), [resolved, setMode]);
  return <ColorModeContext.Provider value={value}>{children}</ColorModeContext.Provider>;
}

export function useColorMode(): ColorModeValue {
  return useContext(ColorModeContext);
}
