/** The admin's addresses that scripts and forms post to or fetch. */
export const ADMIN_API = {
  login: '/admin/login',
  logout: '/admin/logout',
  enquiries: '/admin/api/enquiries',
  exportCsv: '/admin/export.csv',
  bulk: '/admin/enquiries/bulk',
  erase: '/admin/privacy/erase',
  download: '/admin/privacy/download',
} as const;
