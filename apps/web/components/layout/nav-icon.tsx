import {
  FileText,
  FlaskConical,
  Folder,
  Gauge,
  Languages,
  LayoutDashboard,
  Library,
  ListChecks,
  MessagesSquare,
  NotebookPen,
  PenLine,
  Route,
  ScrollText,
  SearchCheck,
  Settings,
  Users,
} from 'lucide-react';
import type { DashboardIcon } from '@/config/dashboard-nav';

const icons: Record<DashboardIcon, typeof FileText> = {
  'layout-dashboard': LayoutDashboard,
  library: Library,
  'notebook-pen': NotebookPen,
  folder: Folder,
  'flask-conical': FlaskConical,
  gauge: Gauge,
  'search-check': SearchCheck,
  'messages-square': MessagesSquare,
  route: Route,
  'pen-line': PenLine,
  'file-text': FileText,
  languages: Languages,
  'list-checks': ListChecks,
  settings: Settings,
  users: Users,
  'scroll-text': ScrollText,
};

export function NavIcon({ icon, className }: { icon: DashboardIcon; className?: string }) {
  const Icon = icons[icon];
  return <Icon className={className} aria-hidden />;
}
