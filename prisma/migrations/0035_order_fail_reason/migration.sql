-- Why an order's last payment attempt failed: declined, cancelled or expired (docs/decisions/055).
ALTER TABLE "Order" ADD COLUMN "failReason" TEXT;
