import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { Link as RouterLink } from 'react-router';
import { useAppSelector } from '@/app/hooks';
import { selectCartCount } from '@/lib/cart/cartSlice';

export function CartLink() {
  const count = useAppSelector(selectCartCount);
  const label = count === 0 ? 'Cart' : `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
  return (
    <IconButton component={RouterLink} to="/cart" color="inherit" aria-label={label}>
      <Badge badgeContent={count} color="secondary">
        <ShoppingCartOutlined />
      </Badge>
    </IconButton>
  );
}
