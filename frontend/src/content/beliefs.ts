// The thirteen statements of faith and the closing hope.
export const beliefs = {
  intro: 'What we believe, in thirteen statements.',
  statements: [
    { title: 'The Bible', text: 'The Bible is the inspired, infallible Word of God, the final authority for faith and life.', ref: '2 Timothy 3:16-17' },
    { title: 'God', text: 'There is one God, eternally existing in three persons: Father, Son and Holy Spirit.', ref: 'Matthew 28:19' },
    { title: 'Jesus Christ', text: 'Jesus is the Son of God, born of a virgin, sinless, crucified for our sins, risen and coming again.', ref: 'John 1:1-14' },
    { title: 'Salvation', text: 'Salvation is by grace through faith in Jesus Christ alone, not by works.', ref: 'Ephesians 2:8-9' },
    { title: 'The Holy Spirit', text: 'The Holy Spirit lives in every believer, empowering us for holy living and service.', ref: 'Acts 1:8' },
    { title: 'Baptism', text: 'Water baptism is a public declaration of faith in Jesus and of new life in Him.', ref: 'Romans 6:4' },
    { title: 'Communion', text: "The Lord's Supper remembers Christ's death and proclaims it until He comes.", ref: '1 Corinthians 11:23-26' },
    { title: 'Sanctification', text: 'God is making His people holy, growing us daily into the likeness of Christ.', ref: '1 Thessalonians 5:23' },
    { title: 'The Church', text: 'The Church is the body of Christ, called to worship, make disciples and serve the world.', ref: 'Matthew 16:18' },
    { title: 'Healing', text: 'God heals today; healing is provided for in the atonement and received by faith.', ref: 'Isaiah 53:5' },
    { title: 'The Resurrection', text: 'Jesus rose bodily from the dead, and all who believe in Him will be raised to eternal life.', ref: '1 Corinthians 15:20-22' },
    { title: "God's Promises", text: 'Every promise of God finds its Yes in Christ and is ours to trust.', ref: '2 Corinthians 1:20' },
    { title: 'Judgment', text: 'Christ will judge the living and the dead; each will give account to God.', ref: '2 Corinthians 5:10' },
  ],
  hope: {
    heading: 'Our Hope',
    quote: 'For I know the plans I have for you, declares the Lord, plans to prosper you and not to harm you, plans to give you hope and a future.',
    ref: 'Jeremiah 29:11',
  },
};
