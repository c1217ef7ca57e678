/**
 * Every user-visible message of the spec, spelled exactly as the legacy portal spells them
 * (typos and double spaces included: QA suites assert on them).
 */
export const MSG = {
  // Shell
  appTitleFallback: 'Enterprise Resource Planning',
  goToDashboard: 'Go To Dashboard',
  pageNotFound: 'Oops, Page Not Found',
  serverAddressChanged: 'Server Address Changed',
  noPermission: "You Don't have permission to View",
  signInRequired: 'Please sign in to continue',
  sessionExpired: 'Your session has expired, please sign in again',
  csrfRequired: 'This request lacks its security token: reload the page and try again',
  signedOut: 'Signed out',
  passwordChangedSignInAgain: 'Your password was changed. Sign in again with the new password.',
  wrongCredentials: 'Invalid username or password',
  tooManySignIns: 'Too many sign-in attempts. Please wait a minute and try again.',
  accountSignInDelay: (seconds: number) =>
    `Too many failed sign-ins for this account. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`,
  tooManyRequests: 'Too many requests from your network. Please wait a while and try again.',
  registrationPending: 'Your registration is awaiting approval by the college administrator',
  registrationRejected: 'Your registration was not approved by the college administrator',
  otherCollege: 'This account belongs to another college',
  changePasswordFirst: 'Please change your one-time password before continuing',

  // Template forms
  required: 'Required',
  invalidEmail: 'Invalid email',
  passwordsDontMatch: 'Passwords dont match',

  // Decrypt tool
  enterEncryptedValue: 'Please enter an encrypted value',
  enterPlainText: 'Please enter an palin text',
  decryptError: 'Error decrypting the value!',

  // Results
  enterRollNumber: 'Please enter Roll Number',
  noDataFound: 'No data found',
  failedToGetResults: 'Failed to get results',
  noDataToDownload: 'No data found to download',
  failedToDownload: 'Failed to download',

  // Admission (short form)
  pleaseEnterText: 'Please Enter Text',
  validNumber: 'Please enter a valid number',
  mobileDigits: '10-digit  for mobile number',
  adharDigits: '12-digit  for Adhar number',
  validEmailAddress: 'Please enter a valid email address',
  fillAllRequired: 'Please fill all required fields',
  failedToSaveData: 'Failed to save data',
  errorSavingData: 'An error occurred while saving data',
  // Admission (long form), in the spec's order
  enterDateOfAdmission: 'Please enter date of Admission',
  enterFullName: 'Please enter Full Name',
  selectAdmissionType: 'Please select  admissionType',
  selectCourse: 'Please select  Course Applied for',
  selectBranch: 'Please select branch',
  selectGender: 'Please select gender',
  enterAadhar: 'Please enter Aadhar number',
  aadharTwelveDigits: 'Aadhar number must be 12 digit number',
  invalidAadhaar: 'Invalid Aadhaar Number',
  validMobile: 'Please enter a valid mobile number',

  // Registration
  userNameMin: 'User Name should be minimum 3 characters',
  passwordMin6: 'Password must be minimum 6 characters',
  validEmailId: 'Please enter valid Email Id',
  registrationSuccess: 'Your Registartion Was Successfully Completed',
  oops: 'Oops...',

  // Password change
  requiredField: 'This is a required field',
  fillAsPerInstructions: 'Please Fill as per Instructions',
  newSameAsOld: 'New password cannot be same as old password',
  confirmNotMatched: 'Password is not matched with New Password',
  passwordUpdated: 'Your Password has been Successfully Updated',
  passwordInstructions:
    'Password must be at least 8 characters long and contain at least one digit, one lower case letter, one upper case letter and one special character ($!#%*%()).',

  // Achievements
  fillInAllFields: 'Please fill in all fields',
  selectDeptAndFaculty: 'Please select both department and faculty.',
  achievementSaved: 'Faculty achievement saved successfully.',
  achievementSaveFailed: 'Failed to save faculty achievement. Please try again.',
  achievementDeleted: 'Achievement deleted',
  achievementEdited: 'Achiement Edited',
  deleteConfirm: 'Are you sure you want to delete?',
  yesDelete: 'Yes, Delete',
  cancel: 'Cancel',

  // Alumni form 1
  requiredStar: 'Required*',
  emailIsInvalid: 'Email is invalid.',
  alumniWelcomeTitle: 'Welocome To Aumni',
  alumniWelcomeText: 'Alumni Registartion Was Successfully Completed',
  noResponse: 'No response received from the server. Please try again.',
  requestSetupError: 'Error in setting up request: ',
  unexpectedError: 'Unexpected error: ',

  // Alumni history, in the spec's order
  selectStatus: 'Please select a status.',
  phoneTenDigits: 'Student phone number must be 10 digits.',
  rollNumberExists: 'Record with this roll number already exists!',
  rollNumberRequired: 'Roll number is required.',
  studentNameRequired: 'Student name is required.',
  fatherNameRequired: "Father's name is required.",
  courseRequired: 'Course is required.',
  batchRequired: 'Batch is required.',
  branchRequired: 'Branch is required.',
  studentEmailRequired: 'Student email is required.',
  studentPhoneRequired: 'Student phone number is required.',
  companyRequired: 'Company name is required for working status.',
  designationRequired: 'Designation is required for working status.',
  experienceRequired: 'Experience is required for working status.',
  workLocationRequired: 'Location is required for working status.',
  offerLetterRequired: 'Offer letter is required for working status.',
  instituteRequired: 'Institute name is required for studying status.',
  studyLocationRequired: 'Location is required for studying status.',
  admitCardRequired: 'University Admit Card is required for studying status.',
  selectCourseBatchBranch: 'Please select Course, Batch, and Branch before saving.',
  alumniHistoryFailed: 'Failed to save alumni history.',
  alumniHistorySaved: 'Alumni history saved successfully!',

  // Login creation
  selectEmailOrEmpCode: 'Please select either Email or EmpCode.',
  studentLoginFailed: 'Failed to create student login.',
  studentLoginError: 'An error occurred while creating student login.',
  facultyLoginFailed: 'Failed to create faculty login.',
  facultyLoginError: 'Something went wrong while creating faculty login.',
  facultyLoginCreated: 'Faculty login created successfully!',

  // Payment
  paymentSuccessful: 'Payment Successful!',
  thankYouForPayment: 'Thank you for your Payment',
  paymentFail: 'Payment Fail',
  errorSavingPayment: 'Error saving data',

  // Shared set (spec section 8)
  uploadedExcel: 'Successfully Uploaded Excel File',
  unableToUploadExcel: 'Unable to Upload Excel File',
  uploadedFile: 'Successfully Uploaded File',
  unableToUploadFile: 'Unable to Upload File',
  deletedRecord: 'Successfully Deleted a Record',
  unableToDelete: 'Unable to Delete the Record',
  recordSaved: 'Record saved successfully',
  invalidData: 'Details are not saved due to invalid data please re-enter',
  recordAuthorized: 'Record authorized successfully',
  recordModified: 'Record modified successfully',
  recordModificationFailed: 'Record modification Failed',
  recordRejected: 'Record rejected successfully',
  fillAllFields: 'Please fill all the fields.',
  fileNotUploaded: 'File is not Uploaded',
  noDataFoundDot: 'No Data Found.',
  noRecordsFound: 'No Records Found',
  examForBlank: 'ExamFor Data cannot be Blank',
  recordsNotSubmitted: 'Below records are not submitted please check',
} as const;

/** Not-found messages for the lookups (spec section 8). */
export const notFoundMessage = (
  what:
    | 'Level'
    | 'Degree'
    | 'Batch'
    | 'Branch'
    | 'Semester'
    | 'ExamType'
    | 'Program'
    | 'Exam'
    | 'Subject'
    | 'Month'
    | 'Year'
    | 'Course',
) => `${what} Not Found`;

/** Toast auto-close times (spec section 9). */
export const TOAST_MS = { admission: 3000, shared: 5000 } as const;
