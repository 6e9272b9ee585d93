import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { usePageTitle } from '@/hooks/usePageTitle';

interface PageProps {
  title: string;
  children?: ReactNode;
  maxWidth?: 'sm' | 'md' | 'lg';
}

/** The frame of an ordinary page: its document title, one h1 and the content. */
export function Page({ title, children, maxWidth = 'lg' }: PageProps) {
  usePageTitle(title);
  return (
    <Container maxWidth={maxWidth} sx={{ py: { xs: 3, md: 5 } }}>
      {/* Focused from script after a change of page (app/layout/RouteAnnouncer.tsx). */}
      <Typography variant="h4" component="h1" tabIndex={-1} gutterBottom sx={{ outline: 'none' }}>
        {title}
      </Typography>
      {children}
    </Container>
  );
}
