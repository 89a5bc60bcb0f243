import { formatTagOf } from '@autoroute/locales/meta';
import {
  Alert,
  Box,
  Card,
  CardActionArea,
  CardContent,
  CardHeader,
  Link,
  List,
  ListItem,
  ListItemText,
  Skeleton,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Title, useCanAccess, useCanAccessResources, useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { BackofficeDataProvider, DashboardFigures, DashboardLink } from '../dataProvider.ts';
import { formatMoney } from '../resources/fields.tsx';
import { RevenueChart } from './RevenueChart.tsx';

/** A list screen with its filter and sort in the address, as react-admin reads them. */
const listPath = (resource: string, { filter, sort, order }: { filter?: object; sort?: string; order?: 'ASC' | 'DESC' } = {}) => {
  const query = new URLSearchParams();
  if (filter) query.set('filter', JSON.stringify(filter));
  if (sort) query.set('sort', sort);
  if (order) query.set('order', order);
  const text = query.toString();
  return `/${resource}${text ? `?${text}` : ''}`;
};

function Welcome() {
  const translate = useTranslate();
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Typography component="h1" variant="h5" gutterBottom>
          {translate('backoffice.dashboard.welcome')}
        </Typography>
        <Typography color="text.secondary">{translate('backoffice.dashboard.intro')}</Typography>
      </CardContent>
    </Card>
  );
}

/** One figure, with a line of detail; a link to the list it counts when the user may open that list. */
function FigureCard({ label, value, detail, to }: { label: string; value: number | undefined; detail?: string; to?: string }) {
  const [locale] = useLocaleState();
  const content = (
    <CardContent>
      <Typography component="h2" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h4" component="p" sx={{ mt: 1 }}>
        {value === undefined ? '—' : new Intl.NumberFormat(formatTagOf(locale)).format(value)}
      </Typography>
      {detail && (
        <Typography variant="body2" color="text.secondary">
          {detail}
        </Typography>
      )}
    </CardContent>
  );
  return (
    <Card variant="outlined">
      {to ? (
        <CardActionArea component={RouterLink} to={to}>
          {content}
        </CardActionArea>
      ) : (
        content
      )}
    </Card>
  );
}

/** Each month's revenue, linked to the paid payments behind it. */
function RevenueLinks({
  rows,
  linkTo,
}: {
  rows: DashboardFigures['revenueByMonth'];
  linkTo: (link: DashboardLink | undefined) => string | undefined;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const monthName = (month: string) =>
    new Intl.DateTimeFormat(formatTagOf(locale), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${month}-01T00:00:00Z`),
    );
  const linked = rows.filter((r) => linkTo(r.link));
  if (!linked.length) return null;
  return (
    <Box component="nav" aria-label={translate('backoffice.dashboard.revenuePayments')} sx={{ mt: 1 }}>
      <Typography component="h3" variant="body2" color="text.secondary">
        {translate('backoffice.dashboard.revenuePayments')}
      </Typography>
      <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, listStyle: 'none', p: 0, m: 0 }}>
        {[...linked].reverse().map((r) => (
          <li key={`${r.month}-${r.currency}`}>
            <Link component={RouterLink} to={linkTo(r.link)!}>
              {monthName(r.month)}: {formatMoney(r.amount, r.currency, locale)}
            </Link>
          </li>
        ))}
      </Box>
    </Box>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" sx={{ minInlineSize: 0 }}>
      <CardHeader title={title} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent sx={{ pt: 0 }}>{children}</CardContent>
    </Card>
  );
}

function Figures({ data }: { data: DashboardFigures }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { canAccess } = useCanAccessResources({
    action: 'list',
    resources: ['vehicles', 'users', 'subscriptions', 'payments', 'contacts', 'support-requests', 'bookings'],
  });
  // The API names the list each figure counts and its filter: the list's total is the figure (issue 13 item 9).
  const linkTo = (link: DashboardLink | undefined) =>
    link && canAccess?.[link.resource] ? listPath(link.resource, { filter: link.filter }) : undefined;
  const date = (iso: string) => new Intl.DateTimeFormat(formatTagOf(locale), { dateStyle: 'medium' }).format(new Date(iso));
  const revenue = data.revenueByMonth;
  const currencies = [...new Set(revenue.map((r) => r.currency))];
  const categories = [...data.listingsPerCategory].sort((a, b) => b.count - a.count);
  const most = Math.max(1, ...categories.map((c) => c.count));
  // Each figure links to the list it counts (SPEC §2 dashboard), when the user may open that list.
  const figures: { key: keyof DashboardFigures['links']; detail?: string }[] = [
    { key: 'live' },
    { key: 'soldThisMonth' },
    { key: 'newUsers' },
    { key: 'activeSubscriptions' },
    { key: 'contactsThisMonth' },
    { key: 'supportOpen', detail: translate('backoffice.dashboard.supportPriority', { count: data.supportOpenPriority }) },
    { key: 'bookingsRequested' },
    { key: 'bookingsAccepted' },
    { key: 'bookingsActive' },
    { key: 'ownerCancellations' },
  ];

  return (
    <>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', mt: 2 }}>
        {figures
          .filter((f) => typeof data[f.key] === 'number')
          .map((f) => (
            <FigureCard
              key={f.key}
              label={translate(`backoffice.dashboard.${f.key}`)}
              value={data[f.key] as number}
              detail={f.detail}
              to={linkTo(data.links[f.key])}
            />
          ))}
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '2fr 1fr' }, mt: 2 }}>
        {data.revenueByMonth && (
          <Section title={translate('backoffice.dashboard.revenue')}>
            {currencies.length ? (
              <>
                {currencies.map((currency) => (
                  <RevenueChart key={currency} rows={revenue} currency={currency} />
                ))}
                <RevenueLinks rows={revenue} linkTo={linkTo} />
              </>
            ) : (
              <Typography color="text.secondary">{translate('backoffice.dashboard.noRevenue')}</Typography>
            )}
          </Section>
        )}
        {data.rentalRevenue && (
          <Section title={translate('backoffice.dashboard.rentalRevenue')}>
            {data.rentalRevenue.length ? (
              <List dense disablePadding>
                {data.rentalRevenue.map((r) => (
                  <ListItem key={r.currency} disableGutters>
                    <ListItemText
                      primary={
                        linkTo(r.link) ? (
                          <Link component={RouterLink} to={linkTo(r.link)!}>
                            {formatMoney(r.amount, r.currency, locale)}
                          </Link>
                        ) : (
                          formatMoney(r.amount, r.currency, locale)
                        )
                      }
                      secondary={translate('backoffice.dashboard.rentalBookings', { count: r.bookings })}
                    />
                  </ListItem>
                ))}
              </List>
            ) : (
              <Typography color="text.secondary">{translate('backoffice.dashboard.noRentalRevenue')}</Typography>
            )}
          </Section>
        )}
        {data.listingsPerCategory && (
          <Section title={translate('backoffice.dashboard.perCategory')}>
            <List dense disablePadding>
              {categories.map((c) => (
                <ListItem key={c.categoryId} disableGutters sx={{ display: 'block' }}>
                  <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                    {linkTo(c.link) ? (
                      <Link component={RouterLink} to={linkTo(c.link)!}>
                        {c.name}
                      </Link>
                    ) : (
                      <span>{c.name}</span>
                    )}
                    <span>{c.count}</span>
                  </Box>
                  <Box aria-hidden sx={{ blockSize: 6, borderRadius: 3, bgcolor: 'action.hover', mt: 0.5 }}>
                    <Box sx={{ blockSize: '100%', inlineSize: `${(c.count / most) * 100}%`, borderRadius: 3, bgcolor: 'primary.main' }} />
                  </Box>
                </ListItem>
              ))}
            </List>
          </Section>
        )}
        {data.latestListings && (
          <Section title={translate('backoffice.dashboard.latestListings')}>
            <List dense disablePadding>
              {data.latestListings.map((v) => (
                <ListItem key={v.id} disableGutters>
                  <ListItemText
                    primary={
                      <Link href={`/vehicles/${v.id}`} target="_blank" rel="noopener">
                        {v.title}
                      </Link>
                    }
                    secondary={`${formatMoney(v.price, v.currency, locale)} · ${date(v.createdAt)}`}
                  />
                </ListItem>
              ))}
            </List>
          </Section>
        )}
        {data.latestUsers && (
          <Section title={translate('backoffice.dashboard.latestUsers')}>
            <List dense disablePadding>
              {data.latestUsers.map((u) => (
                <ListItem key={u.id} disableGutters>
                  <ListItemText
                    primary={
                      canAccess?.users ? (
                        <Link component={RouterLink} to={`/users/${u.id}`}>
                          {u.username}
                        </Link>
                      ) : (
                        u.username
                      )
                    }
                    secondary={`${u.email} · ${date(u.createdAt)}`}
                  />
                </ListItem>
              ))}
            </List>
          </Section>
        )}
      </Box>
    </>
  );
}

function FiguresLoader() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<BackofficeDataProvider>();
  const { data, isPending, error } = useQuery({ queryKey: ['dashboard'], queryFn: () => dataProvider.getDashboard() });
  if (isPending) {
    return (
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', mt: 2 }}>
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <Skeleton key={i} variant="rounded" height={104} />
        ))}
      </Box>
    );
  }
  if (error || !data) {
    return (
      <>
        <Welcome />
        <Alert severity="info" sx={{ mt: 2 }}>
          {translate('backoffice.dashboard.unavailable')}
        </Alert>
      </>
    );
  }
  return <Figures data={data} />;
}

/** SPEC §2 dashboard: the figures with admin.dashboard.index, a welcome card without it. */
export function Dashboard() {
  const translate = useTranslate();
  const { canAccess, isPending } = useCanAccess({ resource: 'dashboard', action: 'list' });
  return (
    <Box sx={{ pb: 2 }}>
      <Title title={translate('ra.page.dashboard')} />
      {canAccess && (
        <Typography component="h1" variant="h5" sx={{ mt: 2 }}>
          {translate('backoffice.dashboard.title')}
        </Typography>
      )}
      {isPending ? null : canAccess ? <FiguresLoader /> : <Welcome />}
    </Box>
  );
}
