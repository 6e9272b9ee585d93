import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface PricedLineProps {
  title: ReactNode;
  /** Under the title: the size bought, what a gift card is worth. */
  detail: ReactNode;
  price: string;
  /** Before the text, e.g. a thumbnail. */
  start?: ReactNode;
  /** After the price, e.g. a way to take the line out. */
  end?: ReactNode;
}

/** One line of a cart or an order: what it is and what it costs. Goes in a `ul`. */
export function PricedLine({ title, detail, price, start, end }: PricedLineProps) {
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 2,
        py: 1.5,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      {start}
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
        <Typography variant="body2" color="textSecondary" component="div">
          {detail}
        </Typography>
      </Box>
      <Typography sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>{price}</Typography>
      {end}
    </Box>
  );
}
