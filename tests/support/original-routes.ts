/** The 32 routes of the original site (brand "Aranya") and the h1 each must show. */
export const ROUTES: { path: string; heading: string | RegExp }[] = [
  { path: '/', heading: /Aranya Group/ },
  { path: '/Aboutpage', heading: 'About Us' },
  { path: '/Aranya_Realty', heading: 'Real Estate Services' },
  { path: '/Aranya_Consulting', heading: 'Strategic Consulting' },
  { path: '/Immigration_International_Services', heading: 'Immigration & International Services' },
  { path: '/Training_Growth', heading: 'Training & Growth: Elevate Your Potential' },
  { path: '/Buy', heading: 'Buy Property' },
  { path: '/Sell', heading: 'Sell Property' },
  { path: '/Flats', heading: 'Buy Flats' },
  { path: '/Plots', heading: 'Buy Plots' },
  { path: '/Commercial', heading: 'Buy Commercial Property' },
  { path: '/Agricultural', heading: 'Buy Agricultural Lands' },
  { path: '/Individual', heading: 'Buy Individual House/Villa' },
  { path: '/Sellflats', heading: 'Sell Flats' },
  { path: '/Sellplots', heading: 'Sell Plots' },
  { path: '/Sellcommercial', heading: 'Sell Commercial Property' },
  { path: '/Sellagricultural', heading: 'Sell Agricultural Lands' },
  { path: '/Sellindividual', heading: 'Sell Individual House/Villa' },
  // Loan and planning pages: the page's own subject is the h1; the original site's heading sits directly above it (KICKERS).
  { path: '/Vehicleloan', heading: 'Vehicle Loan' },
  { path: '/Goldloan', heading: 'Gold Loan' },
  { path: '/Depositloan', heading: 'Loan Against Deposits' },
  { path: '/Securitiesloan', heading: 'Loan Against Securities' },
  { path: '/Insuranceloan', heading: 'Loan Against Insurance' },
  { path: '/Renovationloan', heading: 'Home Renovation Loan' },
  { path: '/Overdraftloan', heading: 'Overdraft' },
  { path: '/Letterofcredit', heading: 'Letter of Credit' },
  { path: '/Mutualfunds', heading: 'Mutual Funds' },
  { path: '/PMS', heading: 'Portfolio Management Services' },
  { path: '/AIF', heading: 'Alternative Investment Fund' },
  { path: '/Financialplan', heading: 'Financial Plan' },
  { path: '/Contactus', heading: 'Contact Us' },
  { path: '/Privacy', heading: 'Privacy Policy and Terms and Conditions' },
];

/** The original site's heading of the loan and planning pages, shown directly above the page's h1. */
export const KICKERS: Record<string, string> = {
  ...Object.fromEntries(
    [
      '/Vehicleloan',
      '/Goldloan',
      '/Depositloan',
      '/Securitiesloan',
      '/Insuranceloan',
      '/Renovationloan',
      '/Overdraftloan',
      '/Letterofcredit',
    ].map((path) => [path, 'Loans Offered by Aranya Finserv']),
  ),
  ...Object.fromEntries(['/Mutualfunds', '/PMS', '/AIF', '/Financialplan'].map((path) => [path, 'Financial Planning'])),
};
