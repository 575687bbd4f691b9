// How every screen writes a price: '₪' with a thousands separator, 12500 → '₪12,500'.

const thousands = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

export const formatPrice = (value: number): string => `₪${thousands.format(value)}`;
