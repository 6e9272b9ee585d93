import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { Link as RouterLink } from 'react-router';
import { useAppSelector } from '@/app/hooks';
import { selectCartCount } from '@/lib/cart/cartSlice';

/** Above this the count reads "99+", as MUI's badge shows it. */
const MAX_SHOWN_COUNT = 99;

export function CartLink() {
  const count = useAppSelector(selectCartCount);
  const label = count === 0 ? 'Cart' : `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
  return (
    <IconButton component={RouterLink} to="/cart" color="inherit" aria-label={label}>
      {/* MUI's badge, drawn with two Boxes: its component weighs more than the header's others. */}
      <Box
        component="span"
        sx={{
          position: 'relative',
          display: 'inline-flex',
          verticalAlign: 'middle',
          flexShrink: 0,
        }}
      >
        <ShoppingCartOutlined />
        {count > 0 && (
          <Box
            component="span"
            sx={{
              position: 'absolute',
              top: 0,
              right: 0,
              zIndex: 1,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              boxSizing: 'border-box',
              minWidth: 20,
              height: 20,
              px: '6px',
              borderRadius: '10px',
              bgcolor: 'secondary.main',
              color: 'secondary.contrastText',
              fontSize: '0.75rem',
              fontWeight: 'fontWeightMedium',
              lineHeight: 1,
              transform: 'translate(50%, -50%)',
              '@media (forced-colors: active)': { border: '1px solid ButtonBorder' },
            }}
          >
            {count > MAX_SHOWN_COUNT ? `${MAX_SHOWN_COUNT}+` : count}
          </Box>
        )}
      </Box>
    </IconButton>
  );
}
