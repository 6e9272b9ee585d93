import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Page } from '@/components/Page';

export interface LegalSection {
  /** Anchor, so that other pages can link to one section (e.g. /privacy-policy#storage). */
  id: string;
  heading: string;
  body: ReactNode;
}

interface LegalDocumentProps {
  title: string;
  lastUpdated: string;
  introduction: ReactNode;
  sections: readonly LegalSection[];
}

export function LegalDocument({ title, lastUpdated, introduction, sections }: LegalDocumentProps) {
  return (
    <Page title={title} maxWidth="md">
      <Typography variant="body2" color="textSecondary" gutterBottom>
        Last updated: {lastUpdated}
      </Typography>
      <Typography component="div" sx={{ mb: 3 }}>
        {introduction}
      </Typography>
      <Box component="nav" aria-label="Contents" sx={{ mb: 4 }}>
        <Box component="ol" sx={{ pl: 3, m: 0 }}>
          {sections.map((section) => (
            <li key={section.id}>
              <Link href={`#${section.id}`}>{section.heading}</Link>
            </li>
          ))}
        </Box>
      </Box>
      {sections.map((section, index) => (
        <Box
          component="section"
          key={section.id}
          id={section.id}
          sx={{ mb: 4, scrollMarginTop: 80 }}
        >
          <Typography variant="h6" component="h2" gutterBottom>
            {index + 1}. {section.heading}
          </Typography>
          <Typography component="div" sx={{ '& p': { mt: 0, mb: 1.5 }, '& ul': { mt: 0 } }}>
            {section.body}
          </Typography>
        </Box>
      ))}
    </Page>
  );
}
