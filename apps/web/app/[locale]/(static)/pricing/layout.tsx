export { StaticLayout as default } from '@/components/layout/static-layout';
