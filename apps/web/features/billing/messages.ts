/** The billing tab and the checkout page. */
export const billingMessages = ['billing'] as const;
