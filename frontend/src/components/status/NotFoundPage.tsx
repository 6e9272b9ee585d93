import { useLocation } from 'react-router';
import { NotFoundView } from './NotFoundView';

export default function NotFoundPage() {
  const { pathname } = useLocation();
  return <NotFoundView message={`Page not found: ${pathname}`} />;
}
