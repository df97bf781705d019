export { AuthLayout as default } from '@/components/layout/auth-shell';
