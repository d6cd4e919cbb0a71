import {
  AppstoreOutlined, BugOutlined, DesktopOutlined, FireOutlined, HomeOutlined, IdcardOutlined, SettingOutlined,
  TeamOutlined, UserOutlined, FileTextOutlined, DashboardOutlined, ApartmentOutlined, AuditOutlined, BarChartOutlined,
  DatabaseOutlined, FormOutlined, MailOutlined, NotificationOutlined, SafetyOutlined, ScheduleOutlined, ToolOutlined,
  LinkOutlined, FolderOutlined, CalendarOutlined, ClusterOutlined, ProfileOutlined,
  BankOutlined, SolutionOutlined, SafetyCertificateOutlined, MenuOutlined, CrownOutlined, EnvironmentOutlined,
  BookOutlined, TranslationOutlined, NumberOutlined, FileSearchOutlined, ReadOutlined, SoundOutlined, CoffeeOutlined, GlobalOutlined, ContactsOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/** Icons the server's menu may name (an @ant-design/icons name); unknown names fall back to AppstoreOutlined. */
const ICONS: Record<string, ComponentType> = {
  AppstoreOutlined, BugOutlined, DesktopOutlined, FireOutlined, HomeOutlined, IdcardOutlined, SettingOutlined,
  TeamOutlined, UserOutlined, FileTextOutlined, DashboardOutlined, ApartmentOutlined, AuditOutlined, BarChartOutlined,
  DatabaseOutlined, FormOutlined, MailOutlined, NotificationOutlined, SafetyOutlined, ScheduleOutlined, ToolOutlined,
  LinkOutlined, FolderOutlined, CalendarOutlined, ClusterOutlined, ProfileOutlined,
  BankOutlined, SolutionOutlined, SafetyCertificateOutlined, MenuOutlined, CrownOutlined, EnvironmentOutlined,
  BookOutlined, TranslationOutlined, NumberOutlined, FileSearchOutlined, ReadOutlined, SoundOutlined, CoffeeOutlined, GlobalOutlined, ContactsOutlined,
};

export function MenuIcon({ name }: { name: string }) {
  const Icon = ICONS[name] ?? AppstoreOutlined;
  return <Icon />;
}
