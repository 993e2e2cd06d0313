import IconButton, { type IconButtonProps } from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import DarkModeIcon from '@mui/icons-material/DarkModeOutlined';
import LightModeIcon from '@mui/icons-material/LightModeOutlined';
import { useColorMode } from './ColorModeContext';

/** Switches between the light and the dark theme; the choice is kept in this browser (localStorage). */
export function ColorModeToggle(props: Omit<IconButtonProps, 'onClick' | 'aria-label'>) {
  const { mode, setMode } = useColorMode();
  const next = mode === 'dark' ? 'light' : 'dark';
  const label = `Switch to ${next} theme`;
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" {...props} aria-label={label} data-testid="color-mode-toggle" data-mode={mode} onClick={() => setMode(next)}>
        {mode === 'dark' ? <LightModeIcon /> : <DarkModeIcon />}
      </IconButton>
    </Tooltip>
  );
}
