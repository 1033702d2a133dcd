/** The 32 routes of SPEC section 2 (brand "Aranya") and the h1 each must show. */
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
  ...['Vehicleloan', 'Goldloan', 'Depositloan', 'Securitiesloan', 'Insuranceloan', 'Renovationloan', 'Overdraftloan', 'Letterofcredit'].map(
    (p) => ({ path: `/${p}`, heading: 'Loans Offered by Aranya Finserv' }),
  ),
  ...['Mutualfunds', 'PMS', 'AIF', 'Financialplan'].map((p) => ({ path: `/${p}`, heading: 'Financial Planning' })),
  { path: '/Contactus', heading: 'Contact Us' },
  { path: '/Privacy', heading: 'Privacy Policy and Terms and Conditions' },
];

/** The h2 that tells the loan and planning pages apart. */
export const SUBHEADINGS: Record<string, string> = {
  '/Vehicleloan': 'Vehicle Loan',
  '/Goldloan': 'Gold Loan',
  '/Depositloan': 'Loan Against Deposits',
  '/Securitiesloan': 'Loan Against Securities',
  '/Insuranceloan': 'Loan Against Insurance',
  '/Renovationloan': 'Home Renovation Loan',
  '/Overdraftloan': 'Overdraft',
  '/Letterofcredit': 'Letter of Credit',
  '/Mutualfunds': 'Mutual Funds',
  '/PMS': 'Portfolio Management Services',
  '/AIF': 'Alternative Investment Fund',
  '/Financialplan': 'Financial Plan',
};
