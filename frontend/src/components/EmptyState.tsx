import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

interface EmptyStateProps {
  message: string;
  children?: ReactNode;
  /** Where to go instead, e.g. the gallery. */
  action?: { to: string; label: string };
}

/** What a list page shows when it has nothing to list yet. */
export function EmptyState({ message, children, action }: EmptyStateProps) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
      <Typography variant="h6" component="p" gutterBottom>
        {message}
      </Typography>
      {children}
      {action !== undefined && (
        <Button component={RouterLink} to={action.to} variant="contained" sx={{ mt: 2 }}>
          {action.label}
        </Button>
      )}
    </Paper>
  );
}
