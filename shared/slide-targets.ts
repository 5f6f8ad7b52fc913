/** Where each hero slide's button goes, in order (the slides' texts are content, their targets are not). */
export const SLIDE_TARGETS = [
  { path: '/products', label: 'Products' },
  { path: '/about', label: 'About Us' },
  { path: '/contact', label: 'Contact Us' },
] as const;
