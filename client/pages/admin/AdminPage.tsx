import { PageBanner } from '../../components/PageBanner.js';

export default function AdminPage() {
  return <PageBanner title="Admin Login" />;
}
