import Box from '@mui/material/Box';
import { monoFont } from '../../theme';

/** Renders `code` spans of the OpenAPI descriptions (CommonMark inline code only). */
export function InlineMarkdown({ text }: { text: string }) {
  return (
    <>
      {text.split(/(`[^`]+`)/g).map((part, i) =>
        part.startsWith('`') && part.endsWith('`') && part.length > 1 ? (
          <Box key={i} component="code" sx={{ fontFamily: monoFont, fontSize: '0.9em', bgcolor: 'action.hover', px: 0.5, borderRadius: 0.5 }}>
            {part.slice(1, -1)}
          </Box>
        ) : (
          part
        ),
      )}
    </>
  );
}
