/** Where an order or a deposit stands with the payment provider. */
export type PaymentStatus = 'Pending' | 'Paid' | 'Failed' | 'Expired';
