import { type BillingPeriod, displayedPrice, type PlanName, plans } from "@changeradar/contracts";
import Typography from "@mui/material/Typography";

/** DECISIONS 4: "$X /month", and under it "$Y billed yearly" on annual billing. */
export function PlanPrice({ plan, period }: { plan: PlanName; period: BillingPeriod }) {
  const price = displayedPrice(plan, period);
  const note =
    price.billedYearly !== null
      ? `$${price.billedYearly} billed yearly`
      : plans[plan].price === 0
        ? "Free forever"
        : "Billed monthly";
  return (
    <>
      <Typography variant="h3" component="p" sx={{ mt: 2 }}>
        ${price.perMonth}
        <Typography component="span" color="text.secondary">
          {" "}
          /month
        </Typography>
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ minHeight: 20 }}>
        {note}
      </Typography>
    </>
  );
}
