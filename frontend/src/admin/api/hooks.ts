import { useDispatch, useSelector } from 'react-redux';
import type { AdminState, AdminStore } from '../app/store';

export const useAdminDispatch = useDispatch.withTypes<AdminStore['dispatch']>();
export const useAdminSelector = useSelector.withTypes<AdminState>();
