import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import { formatPrice, type PublicPlan } from '../../../config/publicConfig';
import { planRank } from '@tzapi/shared/plans';

/**
 * 'Choose Your Plan': Premium (highlighted, 'Recommended') and Enterprise; the current plan is marked, a lower one shows a
 * disabled 'Downgrade'. A plan granted by TimeZone API can be subscribed to from its own card.
 */
export function PlanPicker({
  plans,
  currentPlan,
  granted = false,
  onChoose,
}: {
  plans: PublicPlan[];
  currentPlan: string;
  granted?: boolean;
  onChoose: (plan: PublicPlan) => void;
}) {
  const paidPlans = plans.filter((p) => p.priceMonthly > 0);
  return (
    <Grid container spacing={3}>
      {paidPlans.map((plan) => {
        const current = plan.id === currentPlan;
        const lower = planRank(plan.id) < planRank(currentPlan);
        const recommended = plan.id === 'premium';
        return (
          <Grid key={plan.id} size={{ xs: 12, md: 6 }}>
            <Card
              data-testid={`plan-card-${plan.id}`}
              sx={{
                height: '100%',
                display: 'flex',
                flexDirection: 'column',
                borderWidth: recommended ? 2 : 1,
                borderColor: recommended ? 'primary.main' : 'divider',
                position: 'relative',
              }}
            >
              <CardContent sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column' }}>
                <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
                  <Typography variant="h5" component="h2">
                    {plan.name}
                  </Typography>
                  <Box sx={{ display: 'flex', gap: 1 }}>
                    {recommended && <Chip size="small" color="primary" label="Recommended" />}
                    {current && <Chip size="small" color="success" label="Current Plan" />}
                  </Box>
                </Box>
                <Typography variant="h3" component="p" sx={{ my: 1 }}>
                  {formatPrice(plan)}
                  <Typography component="span" color="text.secondary" sx={{ fontSize: '1rem', fontWeight: 400 }}>
                    /month
                  </Typography>
                </Typography>
                <List dense sx={{ flexGrow: 1 }}>
                  {plan.features.map((feature) => (
                    <ListItem key={feature} disableGutters>
                      <ListItemIcon sx={{ minWidth: 32 }}>
                        <CheckIcon color="success" fontSize="small" />
                      </ListItemIcon>
                      <ListItemText primary={feature} />
                    </ListItem>
                  ))}
                </List>
                {current && granted ? (
                  <Button variant="contained" fullWidth onClick={() => onChoose(plan)}>
                    Start Subscription
                  </Button>
                ) : current ? (
                  <Button variant="outlined" disabled fullWidth>
                    Current Plan
                  </Button>
                ) : lower ? (
                  <Button variant="outlined" disabled fullWidth>
                    Downgrade
                  </Button>
                ) : (
                  <Button variant={recommended ? 'contained' : 'outlined'} fullWidth onClick={() => onChoose(plan)}>
                    Upgrade to {plan.name}
                  </Button>
                )}
              </CardContent>
            </Card>
          </Grid>
        );
      })}
    </Grid>
  );
}
