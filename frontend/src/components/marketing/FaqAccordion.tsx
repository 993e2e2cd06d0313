import { useState, type ReactNode } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';

export interface FaqEntry {
  question: string;
  answer: ReactNode;
}

/**
 * Single collapsible accordion: one item open at a time, clicking the open one closes it. Each question is a
 * heading one level below the section it sits in (`headingLevel`).
 */
export function FaqAccordion({ items, idPrefix = 'faq', headingLevel = 'h3' }: { items: FaqEntry[]; idPrefix?: string; headingLevel?: 'h2' | 'h3' }) {
  const [open, setOpen] = useState<number | false>(false);
  return (
    <div>
      {items.map((item, index) => (
        <Accordion
          key={item.question}
          expanded={open === index}
          onChange={(_, expanded) => setOpen(expanded ? index : false)}
          disableGutters
          variant="outlined"
          slotProps={{ heading: { component: headingLevel } }}
          sx={{ '&:not(:last-of-type)': { borderBottom: 0 }, '&::before': { display: 'none' } }}
        >
          <AccordionSummary expandIcon={<ExpandMoreIcon />} id={`${idPrefix}-${index}-header`} aria-controls={`${idPrefix}-${index}-content`}>
            <Typography sx={{ fontWeight: 600 }} component="span">
              {item.question}
            </Typography>
          </AccordionSummary>
          <AccordionDetails id={`${idPrefix}-${index}-content`}>
            <Typography color="text.secondary" component="div">
              {item.answer}
            </Typography>
          </AccordionDetails>
        </Accordion>
      ))}
    </div>
  );
}
