import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router';

interface FormLink {
  to: string;
  label: string;
}

/** The links under an account form to its neighbouring pages. */
export function FormLinks({ links }: { links: readonly FormLink[] }) {
  return (
    <Stack spacing={1} sx={{ mt: 3 }}>
      {links.map((link) => (
        <Link key={link.to} component={RouterLink} to={link.to}>
          {link.label}
        </Link>
      ))}
    </Stack>
  );
}
