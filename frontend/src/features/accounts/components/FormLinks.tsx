import { Link as RouterLink } from 'react-router';
import { Stack } from '@/components/ui/Stack';

interface FormLink {
  to: string;
  label: string;
}

/** The links under an account form to its neighbouring pages. */
export function FormLinks({ links }: { links: readonly FormLink[] }) {
  return (
    <Stack gap={1} className="mt-3" align="flex-start">
      {links.map((link) => (
        <RouterLink key={link.to} to={link.to} className="text-link">
          {link.label}
        </RouterLink>
      ))}
    </Stack>
  );
}
